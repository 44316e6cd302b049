/** Placeholder: NewAppPrint (to be built). */
export default function NewAppPrint() {
  return <p>NewAppPrint</p>;
}

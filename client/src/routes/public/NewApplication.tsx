/** Placeholder: NewApplication (to be built). */
export default function NewApplication() {
  return <p>NewApplication</p>;
}

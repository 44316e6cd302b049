/** Placeholder: Verification (to be built). */
export default function Verification() {
  return <p>Verification</p>;
}

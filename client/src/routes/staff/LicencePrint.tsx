/** Placeholder: LicencePrint (to be built). */
export default function LicencePrint() {
  return <p>LicencePrint</p>;
}

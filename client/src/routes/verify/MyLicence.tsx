/** Placeholder: MyLicence (to be built). */
export default function MyLicence() {
  return <p>MyLicence</p>;
}

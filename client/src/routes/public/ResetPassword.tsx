/** Placeholder: ResetPassword (to be built). */
export default function ResetPassword() {
  return <p>ResetPassword</p>;
}

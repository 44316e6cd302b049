/** Placeholder: ForgotPassword (to be built). */
export default function ForgotPassword() {
  return <p>ForgotPassword</p>;
}

/** Placeholder: Register (to be built). */
export default function Register() {
  return <p>Register</p>;
}

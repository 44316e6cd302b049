/** Placeholder: Login (to be built). */
export default function Login() {
  return <p>Login</p>;
}

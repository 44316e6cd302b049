/** Placeholder: NotFound (to be built). */
export default function NotFound() {
  return <p>NotFound</p>;
}

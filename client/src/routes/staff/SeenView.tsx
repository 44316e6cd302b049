/** Placeholder: SeenView (to be built). */
export default function SeenView() {
  return <p>SeenView</p>;
}

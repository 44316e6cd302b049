/** Placeholder: BadcInspectView (to be built). */
export default function BadcInspectView() {
  return <p>BadcInspectView</p>;
}

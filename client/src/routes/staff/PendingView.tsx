/** Placeholder: PendingView (to be built). */
export default function PendingView() {
  return <p>PendingView</p>;
}

/** Placeholder: ApprovableView (to be built). */
export default function ApprovableView() {
  return <p>ApprovableView</p>;
}

/** Placeholder: UnseenView (to be built). */
export default function UnseenView() {
  return <p>UnseenView</p>;
}

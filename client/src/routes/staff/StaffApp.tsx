/** Placeholder: StaffApp (to be built). */
export default function StaffApp() {
  return <p>StaffApp</p>;
}

/** Placeholder: MyApplication (to be built). */
export default function MyApplication() {
  return <p>MyApplication</p>;
}

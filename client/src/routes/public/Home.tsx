/** Placeholder: Home (to be built). */
export default function Home() {
  return <p>Home</p>;
}

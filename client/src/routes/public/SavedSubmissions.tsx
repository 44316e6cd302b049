/** Placeholder: SavedSubmissions (to be built). */
export default function SavedSubmissions() {
  return <p>SavedSubmissions</p>;
}

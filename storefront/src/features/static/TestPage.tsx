export default function TestPage() {
  return (
    <div className="container page">
      <h1 className="page-title">Test</h1>
    </div>
  );
}

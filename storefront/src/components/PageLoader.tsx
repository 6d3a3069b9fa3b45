export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="page-loader" role="status">
      <span className="spinner" />
      <span className="muted">{label}</span>
    </div>
  );
}

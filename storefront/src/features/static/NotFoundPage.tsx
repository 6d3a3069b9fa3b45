import { Link } from 'react-router';
import { StatusMessage } from '@/components/StatusMessage';

export default function NotFoundPage() {
  return (
    <div className="container page page-narrow">
      <div className="card">
        <StatusMessage icon="alert" title="Page not found" heading="h1" tone="warning">
          <p className="muted">The page you are looking for does not exist or has moved.</p>
          <Link to="/home" className="btn btn-primary">
            Back to Home
          </Link>
        </StatusMessage>
      </div>
    </div>
  );
}

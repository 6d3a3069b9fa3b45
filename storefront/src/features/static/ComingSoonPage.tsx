import { Link } from 'react-router';
import { StatusMessage } from '@/components/StatusMessage';

export default function ComingSoonPage() {
  return (
    <div className="container page page-narrow">
      <div className="card">
        <StatusMessage icon="clock" title="Coming Soon" heading="h1">
          <p className="muted">
            We are adding more games and offers. Check back shortly, or top up one of the games
            already live.
          </p>
          <Link to="/home" className="btn btn-primary">
            Browse Games
          </Link>
        </StatusMessage>
      </div>
    </div>
  );
}

import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/home" className="logo" aria-label="Z Store home">
      <img src="/logo.svg" alt="" width={34} height={34} />
      <span className="logo-text">
        Z <span>Store</span>
      </span>
    </Link>
  );
}

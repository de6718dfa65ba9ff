import { Link } from 'react-router';
import { RavenIcon } from './RavenIcon';

/** "Jarog" with the raven; links home. `compact` hides the word on narrow screens. */
export function Logo({ compact = false, to = '/' }: { compact?: boolean; to?: string }) {
  return (
    <Link to={to} className={`jarog-logo${compact ? ' jarog-logo--compact' : ''}`} aria-label="Jarog home">
      <span className="jarog-logo__mark">
        <RavenIcon />
      </span>
      <span className="jarog-logo__word">Jarog</span>
    </Link>
  );
}

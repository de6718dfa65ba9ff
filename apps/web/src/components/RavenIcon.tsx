import Icon from '@ant-design/icons';
import type { CSSProperties } from 'react';

/** A raven (jarog, Bhutan's national bird) as a single-colour glyph that follows the text colour. */
function RavenSvg() {
  return (
    <svg viewBox="0 0 64 64" width="1em" height="1em" fill="currentColor" aria-hidden="true">
      <path d="M45 12c-5.2 0-9 3.6-9.8 8.3C27 22 18.5 29 14.2 39.5L4 55.5l13.2-6.3 2.3 6.8 4.2-8.3c8-1.6 15.3-6.8 18.7-14.4 1.6-3.6 2.2-6.8 2.3-9.5l13.3-2.3-11.3-4.3C45.9 14.9 46 13.3 45 12z" />
      <circle cx="45.5" cy="18" r="1.8" fill="#fff" />
      <path d="M29 54l2.5-6.5 2 .6-2.3 6.2h3.3v1.7h-6.2z" />
    </svg>
  );
}

export function RavenIcon({ style, className }: { style?: CSSProperties; className?: string }) {
  // Decoration: the text beside it (or the wrapper's label) names what it stands for.
  return <Icon component={RavenSvg} style={style} className={className} aria-hidden="true" />;
}

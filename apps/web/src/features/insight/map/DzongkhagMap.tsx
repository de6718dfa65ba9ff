import bhutanMap from 'virtual:bhutan-map';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { numberText } from '../shared/format';
import { checklistsOf } from './links';
import { isDarkShade, legendClasses, placeKey, shadeOf } from './map-scale';

export interface DzongkhagMapProps {
  /** Counts keyed by `placeKey` of the dzongkhag name. */
  values: Map<string, number>;
  /** What the counts are, singular and plural: ['species', 'species'], ['checklist', 'checklists']. */
  unit: readonly [string, string];
  /** What the period is, for the labels: 'Mar 2025'. */
  periodText: string;
}

/**
 * The 20 dzongkhags shaded by their count, each a link (mouse or keyboard) to its checklists, with a legend.
 * Loaded lazily: the boundaries travel with this chunk only.
 */
export function DzongkhagMap({ values, unit, periodText }: DzongkhagMapProps) {
  const navigate = useNavigate();
  const map = bhutanMap;
  const [active, setActive] = useState<string | null>(null);
  const max = useMemo(() => Math.max(0, ...values.values()), [values]);
  const classes = useMemo(() => legendClasses(max), [max]);
  const count = (name: string) => values.get(placeKey(name)) ?? 0;
  const describe = (name: string) => {
    const n = count(name);
    return `${name}: ${numberText(n)} ${n === 1 ? unit[0] : unit[1]}`;
  };

  return (
    <figure className="dz-map">
      <svg viewBox={`0 0 ${map.width} ${map.height}`} className="dz-map__svg" data-testid="dzongkhag-map">
        <title>{`Map of Bhutan's dzongkhags by ${unit[1]}, ${periodText}`}</title>
        {map.shapes.map((shape) => {
          const fill = shadeOf(count(shape.name), classes);
          const href = checklistsOf(shape.name);
          const shown =
            shape.name === 'Samdrup Jongkhar' ? 'S/Jongkhar' : shape.name.replace(' Phodrang', '');
          return (
            <a
              key={shape.name}
              href={href}
              className={`dz-map__place${active === shape.name ? ' dz-map__place--active' : ''}`}
              // The name read out starts with the label shown (WCAG 2.5.3), then the full name and count.
              aria-label={`${shown === shape.name ? '' : `${shown}, `}${describe(shape.name)}. Show its checklists`}
              data-dzongkhag={shape.name}
              onClick={(e) => {
                e.preventDefault();
                void navigate(href);
              }}
              onMouseEnter={() => setActive(shape.name)}
              onMouseLeave={() => setActive(null)}
              onFocus={() => setActive(shape.name)}
              onBlur={() => setActive(null)}
            >
              <title>{describe(shape.name)}</title>
              <path d={shape.path} fill={fill} />
              <text
                x={shape.labelAt[0]}
                y={shape.labelAt[1]}
                className={`dz-map__label${isDarkShade(fill) ? ' dz-map__label--light' : ''}`}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {shown}
              </text>
            </a>
          );
        })}
      </svg>
      <div className="dz-map__footer">
        <p className="dz-map__status" aria-live="polite">
          {active
            ? `${describe(active)} — click to see its checklists`
            : 'Click a dzongkhag to see its checklists'}
        </p>
        <ul className="dz-map__legend" aria-label="Legend">
          <li>
            <span className="dz-map__swatch" style={{ background: shadeOf(0, classes) }} /> none
          </li>
          {classes.map((c) => (
            <li key={c.from}>
              <span className="dz-map__swatch" style={{ background: c.color }} />
              {c.from === c.to ? c.from : `${c.from}–${c.to}`}
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}

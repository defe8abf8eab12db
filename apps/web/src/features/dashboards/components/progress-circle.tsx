import { clampPercent } from '@eduqa/contract';

/** The ring's percentage text: two decimals, capped 0–100 (spec 1 §5). */
export function progressText(value: number | null | undefined): string {
  return `${clampPercent(value).toFixed(2)}%`;
}

const SIZE = 140;
const STROKE = 12;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * 进度环 (spec 2 §2.9 "progress circle titled 自动采集率"): an SVG ring filled to the percentage, capped
 * 0–100 with two decimals; a missing value reads 0 (spec 1 §5).
 */
export function ProgressCircle({
  value,
  title = '自动采集率',
}: {
  value: number | null | undefined;
  title?: string;
}) {
  const percent = clampPercent(value);
  const text = progressText(value);
  return (
    <figure className="dashboard-progress" style={{ margin: 0, textAlign: 'center' }}>
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={`${title} ${text}`}
      >
        <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" stroke="#e6ebf2" strokeWidth={STROKE} />
        <circle
          data-part="arc"
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          stroke="#397ef0"
          strokeWidth={STROKE}
          strokeLinecap={percent > 0 ? 'round' : 'butt'}
          strokeDasharray={`${(CIRCUMFERENCE * percent) / 100} ${CIRCUMFERENCE}`}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
        />
        <text
          x="50%"
          y="50%"
          textAnchor="middle"
          dominantBaseline="central"
          fontSize={22}
          fontWeight={600}
          fill="#262626"
        >
          {text}
        </text>
      </svg>
      <figcaption style={{ color: 'rgb(0 0 0 / 65%)', marginTop: 4 }}>{title}</figcaption>
    </figure>
  );
}

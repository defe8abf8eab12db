import { Typography } from 'antd';

/** The lines under a table or chart that say what its ranks and averages are taken over (over-notes.ts). */
export function OverNote({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div data-testid="over-note" style={{ marginTop: 8 }}>
      {lines.map((line) => (
        <Typography.Paragraph key={line} type="secondary" style={{ margin: 0 }}>
          {line}
        </Typography.Paragraph>
      ))}
    </div>
  );
}

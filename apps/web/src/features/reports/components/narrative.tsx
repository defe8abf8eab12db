import { REPORT_TABLE_LABELS, type ReportTable, type ReportView } from '@eduqa/contract';
import { Typography } from 'antd';

type Segment = ReportView['sections'][number]['narrative'][number];

/** Each segment with where it starts in the sentence: a stable key, since a narrative is never reordered. */
function withOffsets(segments: readonly Segment[]) {
  let at = 0;
  return segments.map((segment) => {
    const start = at;
    at += segment.text.length + 1;
    return { ...segment, start };
  });
}

/**
 * A section's narrative as the server rendered it: plain text, and counts that open the table they
 * count (spec 2 §2.7: target monitoring, below-standard, unfinished, warning records).
 */
export function Narrative({
  segments,
  onOpenTable,
}: {
  segments: readonly Segment[];
  onOpenTable: (table: ReportTable) => void;
}) {
  if (segments.length === 0) return null;
  return (
    <Typography.Paragraph style={{ textIndent: '2em', lineHeight: 1.9, fontSize: 15 }}>
      {withOffsets(segments).map(({ text, table, start }) =>
        table ? (
          <Typography.Link
            key={start}
            strong
            title={`查看${REPORT_TABLE_LABELS[table]}`}
            onClick={() => onOpenTable(table)}
          >
            {text}
          </Typography.Link>
        ) : (
          <span key={start}>{text}</span>
        ),
      )}
    </Typography.Paragraph>
  );
}

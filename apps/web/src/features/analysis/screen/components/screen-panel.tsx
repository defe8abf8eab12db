import type { ReactNode } from 'react';

/** Header, padding and note of a panel: what is left of its height for the body. */
export const PANEL_CHROME = 76;

/** A framed panel of the screen: title, optional extra (tags), body, and the figure's scope as a note. */
export function ScreenPanel({
  title,
  height,
  extra,
  note,
  children,
}: {
  title: string;
  height: number;
  extra?: ReactNode;
  note?: string;
  children: ReactNode;
}) {
  return (
    <section className="ds-panel" style={{ height }} aria-label={title}>
      <div className="ds-panel-head">
        <h2>{title}</h2>
        {extra ? <div className="ds-panel-extra">{extra}</div> : null}
      </div>
      <div className="ds-panel-body">{children}</div>
      <div className="ds-panel-note" title={note}>
        {note ?? ''}
      </div>
    </section>
  );
}

/**
 * The loader `index.html` draws before any script runs (its inline style defines these classes), shown
 * again while a lazy part of the app arrives, so the page looks the same from the first byte until
 * the app has rendered. No antd: it is on the login page's critical path.
 */
export function BootLoader() {
  return (
    <div className="boot-loader" role="status">
      <div className="boot-loader-spin" />
      <span>加载中…</span>
    </div>
  );
}

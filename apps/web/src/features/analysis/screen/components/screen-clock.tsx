import { useEffect, useState } from 'react';
import { formatSchoolTime } from '../../../../shared/time/school-time.ts';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** The time in the title bar on the school's clock, ticking every second on its own (the panels do not re-render with it). */
export function ScreenClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const shown = formatSchoolTime(now);
  const weekday = new Date(`${shown.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return (
    <time className="ds-clock" dateTime={now.toISOString()}>
      {shown} {WEEKDAYS[weekday]}
    </time>
  );
}

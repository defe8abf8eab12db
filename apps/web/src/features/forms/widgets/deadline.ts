/** Deadlines travel as yyyy-MM-dd HH:mm:ss on the school's clock (UTC+8). */
const SCHOOL_OFFSET = '+08:00';
const DAY_MS = 24 * 60 * 60 * 1000;

export function parseSchoolTime(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(text.trim());
  if (!m) return null;
  const time = m[2] ?? '00:00:00';
  const date = new Date(`${m[1]}T${time.length === 5 ? `${time}:00` : time}${SCHOOL_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface DeadlineInfo {
  /** 剩余3天, 今天截止, 已逾期2天. */
  text: string;
  isOverdue: boolean;
  /** Less than three days left: shown in orange. */
  isNear: boolean;
}

/** How a fill task's deadline reads for its filler: days left, due today, or days overdue. */
export function describeDeadline(deadline: string, now: Date): DeadlineInfo {
  const at = parseSchoolTime(deadline);
  if (!at) return { text: '', isOverdue: false, isNear: false };
  const left = at.getTime() - now.getTime();
  if (left < 0) {
    const days = Math.floor(-left / DAY_MS);
    return { text: days === 0 ? '已逾期' : `已逾期${days}天`, isOverdue: true, isNear: false };
  }
  const days = Math.floor(left / DAY_MS);
  if (days === 0) return { text: '今天截止', isOverdue: false, isNear: true };
  return { text: `剩余${days}天`, isOverdue: false, isNear: days < 3 };
}

/** A date as yyyy-MM-dd HH:mm:ss on the school's clock, whatever the browser's zone. */
export function formatSchoolTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 60 * 60 * 1000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)}`;
}

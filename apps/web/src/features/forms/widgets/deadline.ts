import { parseSchoolTime } from '../../../shared/time/school-time.ts';

/** Deadlines travel as yyyy-MM-dd HH:mm:ss on the school's clock. */
const DAY_MS = 24 * 60 * 60 * 1000;

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

import { Badge } from 'antd';
import { useWarningCount, type WarningCountQuery } from '../api.ts';
import { summariseWarnings } from '../goal-labels.ts';
import { useGoalUser } from '../use-goal-user.ts';

/** Spec 1 §4: counts are reset to zero before each reload, so nothing shows while one runs. */
function CountBadge({
  query,
  enabled,
  scope,
}: {
  query: WarningCountQuery;
  enabled: boolean;
  scope: string;
}) {
  const counts = useWarningCount(query, enabled);
  const total = enabled && !counts.isFetching ? summariseWarnings(counts.data).total : 0;
  return (
    <Badge
      count={total}
      overflowCount={99}
      size="small"
      style={{ marginInlineStart: 8 }}
      title={`${scope}预警数 ${total}`}
      aria-label={`${scope}预警数 ${total}`}
    />
  );
}

/** Spec 1 §6: the annual-target-breakdown key loads the overall counts. */
export function OverallWarningBadge() {
  const { menus } = useGoalUser();
  return <CountBadge query={{}} enabled={'newTaskManagement' in menus} scope="全部" />;
}

/** Spec 1 §6: personal counts (queryType=personal). */
export function PersonalWarningBadge() {
  return <CountBadge query={{ queryType: 'personal' }} enabled scope="个人" />;
}

/** Spec 1 §6: department counts over the departments the user heads, ids joined by commas. */
export function DepartmentWarningBadge() {
  const { chargeDepartments } = useGoalUser();
  const ids = chargeDepartments.map((d) => d.id).join(',');
  return <CountBadge query={{ departmentCondition: ids }} enabled={ids !== ''} scope="部门" />;
}

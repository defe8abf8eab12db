import { AUDIT_KIND_LABELS, type AuditEntry, LOGIN_EVENT_LABELS, objectsText } from '@eduqa/contract';
import { Descriptions, type DescriptionsProps, Drawer } from 'antd';
import type { ReactNode } from 'react';
import { ChangesBlock } from './changes-block.tsx';
import { ResultTag } from './result-tag.tsx';

const orDash = (value: string | null) => value || '—';

/** Every field of the entry, 修改前后 last; each value is text from the log, shown as text. */
function itemsOf(entry: AuditEntry): DescriptionsProps['items'] {
  const items: Array<[string, ReactNode]> = [
    ['时间', entry.at],
    ['日志类别', AUDIT_KIND_LABELS[entry.kind]],
    ['操作人', orDash(entry.actorName)],
    ['账号', orDash(entry.actorAccount)],
    ['操作人编号', orDash(entry.actorId)],
    ['部门', orDash(entry.departmentName)],
    ['部门编号', orDash(entry.departmentId)],
    ['来源地址', orDash(entry.address)],
    ['浏览器', orDash(entry.userAgent)],
    ['模块', entry.module],
    ['操作', entry.operation],
    ...(entry.kind === 'login'
      ? [['登录事件', entry.event ? LOGIN_EVENT_LABELS[entry.event] : '—'] satisfies [string, ReactNode]]
      : []),
    ['请求方法', entry.method],
    ['请求路径', entry.path],
    // Names where the change noted them; the ids stay below for whoever traces an entry further.
    ['涉及对象', objectsText(entry)],
    ['对象编号', entry.objectIds.length ? entry.objectIds.join('，') : '—'],
    ['结果', <ResultTag key="result" result={entry.result} />],
    ['说明', orDash(entry.detail)],
    ['编号', entry.id],
    ['链上序号', entry.seq],
    ['修改前后', <ChangesBlock key="changes" changes={entry.changes} />],
  ];
  return items.map(([label, children]) => ({ key: label, label, children }));
}

/** 详情 of one audit entry. */
export function AuditDetailDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Drawer
      title={entry ? `${AUDIT_KIND_LABELS[entry.kind]}详情` : '日志详情'}
      open={entry !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
    >
      {entry ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          styles={{ label: { width: 110, whiteSpace: 'nowrap' }, content: { wordBreak: 'break-all' } }}
          items={itemsOf(entry)}
        />
      ) : null}
    </Drawer>
  );
}

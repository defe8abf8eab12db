import { type AuditEntry, LOGIN_EVENT_LABELS, objectsText } from '@eduqa/contract';
import { Button, type TableColumnsType, Typography } from 'antd';
import { ResultTag } from './result-tag.tsx';

const orDash = (value: string | null) => value || '—';

/** A name with its account beneath; a failed sign-in may have only the account it tried. */
function Person({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <div>{orDash(entry.actorName)}</div>
      {entry.actorAccount ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {entry.actorAccount}
        </Typography.Text>
      ) : null}
    </>
  );
}

const at = { title: '时间', dataIndex: 'at', width: 160 } as const;
const department = {
  title: '部门',
  dataIndex: 'departmentName',
  width: 110,
  ellipsis: true,
  render: orDash,
} as const;
const address = { title: '来源地址', dataIndex: 'address', width: 120, render: orDash } as const;
const result = {
  title: '结果',
  dataIndex: 'result',
  width: 100,
  render: (value: string) => <ResultTag result={value} />,
} as const;

function detail(onDetail: (entry: AuditEntry) => void) {
  return {
    title: '详情',
    key: 'detail',
    width: 60,
    fixed: 'right' as const,
    render: (_: unknown, entry: AuditEntry) => (
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onDetail(entry)}>
        查看
      </Button>
    ),
  };
}

/** 操作日志: when, who, where from, what on which objects, and how it ended. */
export function operationColumns(onDetail: (entry: AuditEntry) => void): TableColumnsType<AuditEntry> {
  return [
    at,
    { title: '操作人', key: 'person', width: 130, render: (_, entry) => <Person entry={entry} /> },
    department,
    { title: '模块', dataIndex: 'module', width: 90, ellipsis: true },
    // The one column without a width takes what the others leave, so that 结果 stays in view at 1440 px.
    { title: '操作', dataIndex: 'operation', ellipsis: true },
    {
      title: '涉及对象',
      key: 'objects',
      width: 160,
      ellipsis: true,
      render: (_, entry) => objectsText(entry),
    },
    address,
    result,
    detail(onDetail),
  ];
}

/** 登录日志: when, who, which event, from where and which browser, how it ended and why. */
export function loginColumns(onDetail: (entry: AuditEntry) => void): TableColumnsType<AuditEntry> {
  return [
    at,
    { title: '账号/姓名', key: 'person', width: 150, render: (_, entry) => <Person entry={entry} /> },
    department,
    {
      title: '事件',
      dataIndex: 'event',
      width: 140,
      render: (_, entry) => (entry.event ? LOGIN_EVENT_LABELS[entry.event] : entry.operation),
    },
    address,
    { title: '浏览器', dataIndex: 'userAgent', width: 200, ellipsis: true, render: orDash },
    result,
    { title: '说明', dataIndex: 'detail', width: 180, ellipsis: true, render: orDash },
    detail(onDetail),
  ];
}

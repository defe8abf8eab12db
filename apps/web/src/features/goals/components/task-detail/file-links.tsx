import { PaperClipOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { goalFileUrl, type TaskDetailData } from '../../api.ts';

/** The files of a task or a progress report, each a link that opens it; '无' when there are none. */
export function FileLinks({
  files,
  withType = false,
}: {
  files: TaskDetailData['files'];
  withType?: boolean;
}) {
  if (files.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {files.map((f) => (
        <Typography.Link key={f.id} href={goalFileUrl(f.id)} target="_blank">
          <PaperClipOutlined /> {withType ? `【${f.fileTypeName}】` : ''}
          {f.fileName}
        </Typography.Link>
      ))}
    </Space>
  );
}

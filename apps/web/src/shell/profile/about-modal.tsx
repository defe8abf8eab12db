import { aboutEndpoints, DATABASE_LABELS } from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin } from 'antd';
import { call } from '../../shared/api/client.ts';

interface AboutModalProps {
  open: boolean;
  onClose: () => void;
}

/** 关于: which program, which version, on which database at which migration — what support asks first. */
export function AboutModal({ open, onClose }: AboutModalProps) {
  const { data, isError } = useQuery({
    queryKey: ['about'],
    queryFn: () => call(aboutEndpoints.about),
    enabled: open,
    // Read again at each opening: a restart after an upgrade changes the version and the level.
    staleTime: 0,
  });
  let body = <Spin />;
  if (data) {
    body = (
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'systemName', label: '系统名称', children: data.systemName },
          { key: 'version', label: '版本', children: data.version },
          { key: 'database', label: '数据库', children: DATABASE_LABELS[data.database] },
          {
            key: 'migration',
            label: '迁移级别',
            children: data.migration.tag ?? `第 ${data.migration.count} 个迁移（本程序不认识其名称）`,
          },
        ]}
      />
    );
  } else if (isError) {
    body = <span>获取系统信息失败，请稍后重试</span>;
  }
  return (
    <Modal
      title="关于"
      open={open}
      onCancel={onClose}
      width={508}
      footer={
        <Button type="primary" onClick={onClose}>
          关闭
        </Button>
      }
    >
      {body}
    </Modal>
  );
}

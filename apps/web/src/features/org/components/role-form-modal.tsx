import {
  ACTION_LABELS,
  ACTIONS,
  MENU_KEYS,
  MENU_LABELS,
  ROLE_IDS,
  type RoleDetailWire,
  TEXT_LIMITS,
} from '@eduqa/contract';
import { Checkbox, Form, Input } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { RecentChangesSection } from '../../audit/index.ts';
import { saveRole, useRefreshSystem } from '../api.ts';

interface RoleValues {
  roleName: string;
  menuKeys: string[];
  actions: string[];
}

/**
 * 新增/编辑角色. Built-in roles keep their names (the client maps role names to ids); the
 * administrator role keeps the 系统管理 menu and every action, so nobody locks everyone out.
 */
export function RoleFormModal({
  open,
  role,
  onClose,
}: {
  open: boolean;
  role: RoleDetailWire | null;
  onClose: () => void;
}) {
  const refresh = useRefreshSystem();
  const isAdminRole = role?.roleId === ROLE_IDS.admin;

  const save = async (values: RoleValues) => {
    const body = { roleName: values.roleName.trim(), menuKeys: values.menuKeys, actions: values.actions };
    await saveRole(body, role?.roleId);
    notify.success(role ? '角色已保存' : '角色已新增');
    void refresh();
  };

  return (
    <FormModal<RoleValues>
      title={role ? '编辑角色' : '新增角色'}
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="roleForm"
      layout="vertical"
      initialValues={{
        roleName: role?.roleName ?? '',
        menuKeys: role?.menuKeys ?? [],
        actions: role?.actions ?? [],
      }}
    >
      <Form.Item
        name="roleName"
        label="角色名称"
        rules={[
          { required: true, whitespace: true, message: '请输入角色名称' },
          { max: TEXT_LIMITS.default, message: `角色名称最多只能输入${TEXT_LIMITS.default}个字符` },
        ]}
        extra={role?.builtin ? '内置角色不能修改名称' : undefined}
      >
        <Input placeholder="请输入角色名称" maxLength={TEXT_LIMITS.default} disabled={role?.builtin} />
      </Form.Item>
      <Form.Item name="menuKeys" label="菜单权限">
        <Checkbox.Group
          style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', rowGap: 8 }}
          options={MENU_KEYS.map((key) => ({
            value: key,
            label: MENU_LABELS[key],
            disabled: isAdminRole && key === 'system',
          }))}
        />
      </Form.Item>
      <Form.Item
        name="actions"
        label="操作权限"
        extra={isAdminRole ? '系统管理员角色必须保留系统管理菜单和全部操作权限' : undefined}
      >
        <Checkbox.Group
          style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', rowGap: 8 }}
          options={ACTIONS.map((action) => ({
            value: action,
            label: ACTION_LABELS[action],
            disabled: isAdminRole,
          }))}
        />
      </Form.Item>
      {role ? <RecentChangesSection objectId={role.roleId} objectName={`角色「${role.roleName}」`} /> : null}
    </FormModal>
  );
}

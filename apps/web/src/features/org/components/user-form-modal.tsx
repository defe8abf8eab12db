import {
  EMAIL_RE,
  MESSAGES,
  PASSWORD_MAX,
  PHONE_RE,
  SEX_LABELS,
  SEX_VALUES,
  TEXT_LIMITS,
  type UserWire,
} from '@eduqa/contract';
import { Form, type FormRule, Input, Select, TreeSelect } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { problemRule } from '../../../shared/ui/problem-rule.ts';
import { RecentChangesSection } from '../../audit/index.ts';
import {
  createUser,
  updateUser,
  useDepartments,
  useRefreshSystem,
  useRoleOptions,
  useUserTypes,
} from '../api.ts';
import { departmentOptions } from '../department-tree.ts';
import {
  accountProblem,
  passwordProblem,
  type UserFormValues,
  userBodyOf,
  userFormValuesOf,
} from '../user-form.ts';

/** An optional field: empty is fine, otherwise the trimmed value must match. */
const pattern = (re: RegExp, message: string) =>
  problemRule((value) => (!value?.trim() || re.test(value.trim()) ? null : message));

const RULES = {
  account: [problemRule(accountProblem)],
  password: [problemRule(passwordProblem)],
  userName: [
    { required: true, whitespace: true, message: '请输入姓名' },
    { max: TEXT_LIMITS.default, message: `姓名最多只能输入${TEXT_LIMITS.default}个字符` },
  ],
  email: [pattern(EMAIL_RE, MESSAGES.email)],
  phone: [pattern(PHONE_RE, MESSAGES.phone)],
} satisfies Record<string, FormRule[]>;

const SEX_OPTIONS = SEX_VALUES.map((value) => ({ value, label: SEX_LABELS[value] }));

interface UserFormModalProps {
  open: boolean;
  /** null: a new user. */
  user: UserWire | null;
  onClose: () => void;
}

/** 新增/编辑用户. The account and the initial password are set once, at creation. */
export function UserFormModal({ open, user, onClose }: UserFormModalProps) {
  const refresh = useRefreshSystem();
  const departments = useDepartments();
  const roles = useRoleOptions();
  const userTypes = useUserTypes();
  const isNew = user === null;

  const save = async (values: UserFormValues) => {
    if (user) {
      await updateUser(user.userId, userBodyOf(values));
    } else {
      await createUser({
        ...userBodyOf(values),
        account: values.account?.trim() ?? '',
        password: values.password ?? '',
      });
    }
    notify.success(isNew ? '用户已新增' : '用户已保存');
    void refresh();
  };

  return (
    <FormModal<UserFormValues>
      title={isNew ? '新增用户' : '编辑用户'}
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="userForm"
      initialValues={userFormValuesOf(user)}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
    >
      {isNew ? (
        <>
          <Form.Item name="account" label="登录账号" required rules={RULES.account}>
            <Input placeholder="请输入登录账号" maxLength={TEXT_LIMITS.small * 2} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label="初始密码"
            required
            rules={RULES.password}
            extra="至少8位，包含字母和数字"
          >
            <Input.Password
              placeholder="请输入初始密码"
              maxLength={PASSWORD_MAX}
              autoComplete="new-password"
            />
          </Form.Item>
        </>
      ) : (
        // Shown, not a field of the form: the id ties the label to it.
        <Form.Item label="登录账号" htmlFor="userForm_shownAccount">
          <Input id="userForm_shownAccount" value={user.account} disabled />
        </Form.Item>
      )}
      <Form.Item name="userName" label="姓名" required rules={RULES.userName}>
        <Input placeholder="请输入姓名" maxLength={TEXT_LIMITS.default} />
      </Form.Item>
      <Form.Item name="departmentId" label="部门">
        <TreeSelect
          placeholder="请选择部门"
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          loading={departments.isLoading}
          treeData={departmentOptions(departments.data?.tree ?? [])}
        />
      </Form.Item>
      <Form.Item name="userTypeId" label="用户类型">
        <Select
          placeholder="请选择用户类型"
          allowClear
          loading={userTypes.isLoading}
          options={(userTypes.data ?? []).map((t) => ({ value: t.userTypeId, label: t.userTypeName }))}
        />
      </Form.Item>
      <Form.Item name="roleIds" label="角色">
        <Select
          mode="multiple"
          placeholder="请选择角色"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={roles.isLoading}
          options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))}
        />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={RULES.email}>
        <Input placeholder="请输入邮箱" maxLength={TEXT_LIMITS.default} />
      </Form.Item>
      <Form.Item name="phone" label="联系电话" rules={RULES.phone}>
        <Input placeholder="请输入联系电话" maxLength={TEXT_LIMITS.default} />
      </Form.Item>
      <Form.Item name="sex" label="性别">
        <Select placeholder="请选择性别" allowClear options={SEX_OPTIONS} />
      </Form.Item>
      {user ? <RecentChangesSection objectId={user.userId} objectName={`用户「${user.userName}」`} /> : null}
    </FormModal>
  );
}

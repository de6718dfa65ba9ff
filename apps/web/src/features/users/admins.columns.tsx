import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { UserRecord } from '@jarog/contracts';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { rowNumber } from '../../lib/pagination';
import { USER_TYPE_LABELS } from './admin-rules';

interface AdminColumnsOptions {
  page: number;
  limit: number;
  currentUserId: string;
  onDelete: (user: UserRecord) => void;
}

/** The admins table (#, Name, Email, User Type, Action), declared once. */
export function adminColumns({
  page,
  limit,
  currentUserId,
  onDelete,
}: AdminColumnsOptions): ColumnsType<UserRecord> {
  return [
    {
      title: '#',
      key: 'index',
      width: 56,
      responsive: ['sm'],
      render: (_v, _u, index) => rowNumber(page, limit, index),
    },
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, user) => (
        <>
          <Space size={6} wrap>
            <span>{name}</span>
            {user.isDeactivated && <Tag color="red">Deactivated</Tag>}
          </Space>
          {/* Narrow screens drop the Email column; the address shows under the name instead. */}
          <div className="admins-table__email">{user.email}</div>
        </>
      ),
    },
    { title: 'Email', dataIndex: 'email', key: 'email', ellipsis: true, responsive: ['md'] },
    {
      title: 'User Type',
      dataIndex: 'userType',
      key: 'userType',
      render: (type: UserRecord['userType']) => (
        <Tag color={type === 'root-user' ? 'gold' : 'green'}>{USER_TYPE_LABELS[type]}</Tag>
      ),
    },
    {
      title: 'Action',
      key: 'action',
      width: 104,
      render: (_v, user) => {
        const isSelf = user._id === currentUserId;
        return (
          <Space size={4}>
            <Tooltip title="Edit">
              <Link to={`/admins/${user._id}/edit`} aria-label={`Edit ${user.name}`} className="icon-link">
                <EditOutlined />
              </Link>
            </Tooltip>
            <Tooltip title={isSelf ? 'You cannot delete your own account here' : 'Delete'}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Delete ${user.name}`}
                disabled={isSelf}
                onClick={() => onDelete(user)}
              />
            </Tooltip>
          </Space>
        );
      },
    },
  ];
}

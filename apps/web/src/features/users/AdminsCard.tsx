import { PlusOutlined } from '@ant-design/icons';
import type { UserRecord } from '@jarog/contracts';
import { App, Button, Card, Empty, Table } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { ErrorState } from '../../components/ErrorState';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { clampPage, parsePage } from '../../lib/pagination';
import { adminColumns } from './admins.columns';
import { useDeleteUserMutation, useListAdminsQuery } from './users.api';

/** Admins per page (spec section 9). */
export const ADMINS_PAGE_SIZE = 5;

/** Root only: every admin account, 5 per page, page kept in the URL (?page=). */
export function AdminsCard() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const { data, error, isFetching, isLoading, refetch } = useListAdminsQuery({
    page,
    limit: ADMINS_PAGE_SIZE,
  });
  const [deleteUser] = useDeleteUserMutation();

  const setPage = (next: number) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { preventScrollReset: true },
    );

  // After deleting the last row of the last page, step back to a page that still has rows.
  const lastPage = data ? clampPage(page, data.adminsTotal, data.limit) : page;
  useEffect(() => {
    if (data && data.users.length === 0 && page > lastPage) setPage(lastPage);
  });

  const confirmDelete = (target: UserRecord) =>
    modal.confirm({
      title: 'Are you sure you want to delete this user?',
      content: `${target.name} (${target.email}) will no longer be able to sign in.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          const response = await deleteUser(target._id).unwrap();
          void message.success(response.message);
        } catch (err) {
          void message.error(errorMessage(err as ApiError));
        }
      },
    });

  return (
    <Card
      title="Admins"
      className="settings-card"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/add-admin')}>
          Add Admin
        </Button>
      }
    >
      {error ? (
        <ErrorState
          message={errorMessage(error, 'Failed to load the admins.')}
          onRetry={() => void refetch()}
        />
      ) : (
        <div className="admins-table" data-testid="admins-table">
          <Table<UserRecord>
            rowKey="_id"
            size="middle"
            columns={adminColumns({
              page,
              limit: data?.limit ?? ADMINS_PAGE_SIZE,
              currentUserId: user.id,
              onDelete: confirmDelete,
            })}
            dataSource={data?.users ?? []}
            loading={isLoading || isFetching}
            locale={{ emptyText: <Empty description="No admins yet" /> }}
            pagination={{
              current: page,
              pageSize: data?.limit ?? ADMINS_PAGE_SIZE,
              total: data?.adminsTotal ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              hideOnSinglePage: false,
              placement: ['bottomCenter'],
            }}
          />
        </div>
      )}
    </Card>
  );
}

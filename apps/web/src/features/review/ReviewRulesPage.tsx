import { DZONGKHAG_NAMES, type ReviewLimit } from '@jarog/contracts';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { useListSpeciesQuery } from '../species/species.api';
import {
  useAddRejectionTemplateMutation,
  useAutoApprovedQuery,
  useDeleteRejectionTemplateMutation,
  useDeleteReviewLimitMutation,
  usePutReviewLimitMutation,
  useRejectionTemplatesQuery,
  useReviewLimitsQuery,
  useReviewSettingsQuery,
  useSeedReviewLimitsMutation,
  useUndoAutoApprovalMutation,
  useUpdateRejectionTemplateMutation,
  useUpdateReviewSettingsMutation,
} from './review.api';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Runs a mutation and says how it went. */
function useSaver() {
  const { message } = App.useApp();
  return async (
    run: () => Promise<unknown>,
    done: string | ((result: unknown) => string),
    failed: string,
  ) => {
    try {
      const result = await run();
      void message.success(typeof done === 'string' ? done : done(result));
      return true;
    } catch (err) {
      void message.error(errorMessage(err as ApiError, failed));
      return false;
    }
  };
}

function AutoApprovalCard() {
  const save = useSaver();
  const { data } = useReviewSettingsQuery();
  const [update, updating] = useUpdateReviewSettingsMutation();
  const auto = useAutoApprovedQuery({ limit: '10' });
  const [undo] = useUndoAutoApprovalMutation();
  return (
    <Card title="Automatic approval">
      <Space direction="vertical">
        <Space>
          <Switch
            aria-label="Approve unflagged entries of trusted birders automatically"
            checked={data?.autoApprove ?? false}
            loading={updating.isLoading}
            onChange={(on) =>
              void save(
                () => update({ autoApprove: on }).unwrap(),
                on ? 'Automatic approval on' : 'Automatic approval off',
                'Could not save',
              )
            }
          />
          <span>Approve unflagged entries of trusted birders automatically</span>
        </Space>
        <Space>
          <span>A birder is trusted with at least</span>
          <InputNumber
            aria-label="Approved entries needed to be trusted"
            min={1}
            max={100000}
            value={data?.trustedMinApproved}
            onBlur={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 1 && n !== data?.trustedMinApproved)
                void save(() => update({ trustedMinApproved: n }).unwrap(), 'Saved', 'Could not save');
            }}
          />
          <span>approved entries and none ever rejected.</span>
        </Space>
        <Typography.Text type="secondary">
          Every automatic approval is logged and can be undone here.
        </Typography.Text>
        <List
          size="small"
          header="Latest automatic approvals"
          dataSource={auto.data?.items ?? []}
          locale={{ emptyText: 'None yet' }}
          renderItem={(e) => (
            <List.Item
              actions={[
                <Button
                  key="undo"
                  size="small"
                  onClick={() =>
                    void save(() => undo([e._id]).unwrap(), 'Back in the review queue', 'Could not undo')
                  }
                >
                  Undo
                </Button>,
              ]}
            >
              {e.BirdName} · <Link to={`/checklists/${e.checklistId}`}>{e.CheckListName}</Link>
            </List.Item>
          )}
        />
      </Space>
    </Card>
  );
}

function TemplatesCard() {
  const save = useSaver();
  const { data } = useRejectionTemplatesQuery();
  const [add] = useAddRejectionTemplateMutation();
  const [update] = useUpdateRejectionTemplateMutation();
  const [remove] = useDeleteRejectionTemplateMutation();
  const [text, setText] = useState('');
  return (
    <Card title="Rejection reasons">
      <Typography.Paragraph type="secondary">
        Reviewers pick one of these when they reject an entry; the birder reads it in the app.
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={data?.items ?? []}
        renderItem={(t) => (
          <List.Item
            actions={[
              <Popconfirm
                key="delete"
                title="Remove this reason?"
                onConfirm={() =>
                  void save(() => remove(t._id).unwrap(), 'Reason removed', 'Could not remove')
                }
              >
                <Button size="small" danger>
                  Remove
                </Button>
              </Popconfirm>,
            ]}
          >
            <Typography.Text
              editable={{
                onChange: (next) => {
                  if (next.trim() && next !== t.text)
                    void save(
                      () => update({ id: t._id, text: next }).unwrap(),
                      'Reason saved',
                      'Could not save',
                    );
                },
              }}
            >
              {t.text}
            </Typography.Text>
          </List.Item>
        )}
      />
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="New rejection reason"
          placeholder="A new reason"
          value={text}
          maxLength={500}
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          type="primary"
          disabled={text.trim().length < 3}
          onClick={async () => {
            if (await save(() => add({ text: text.trim() }).unwrap(), 'Reason added', 'Could not add'))
              setText('');
          }}
        >
          Add
        </Button>
      </Space.Compact>
    </Card>
  );
}

function LimitsCard() {
  const save = useSaver();
  const [dzongkhag, setDzongkhag] = useState<string | undefined>();
  const { data, isFetching } = useReviewLimitsQuery(
    dzongkhag ? { dzongkhag, limit: '100' } : { limit: '100' },
  );
  const [term, setTerm] = useState('');
  const species = useListSpeciesQuery({ page: '1', limit: '20', ...(term ? { search: term } : {}) });
  const [put] = usePutReviewLimitMutation();
  const [remove] = useDeleteReviewLimitMutation();
  const [seed, seeding] = useSeedReviewLimitsMutation();
  const [form] = Form.useForm<{ speciesId: string; dzongkhag: string; month: number; maxCount: number }>();
  return (
    <Card
      title="Count limits per species, dzongkhag and month"
      extra={
        <Button
          loading={seeding.isLoading}
          onClick={() =>
            void save(
              () => seed().unwrap(),
              (r) => (r as { message: string }).message,
              'Could not seed the limits',
            )
          }
        >
          Seed from approved history
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        A count above the limit is flagged HIGH_COUNT. Without a limit here, one is derived from approved
        history (5 × the mean count within a month of the date, at least 10).
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) => void save(() => put(v).unwrap(), 'Limit saved', 'Could not save the limit')}
        className="review-limit-form"
      >
        <Form.Item name="speciesId" rules={[{ required: true, message: 'Species' }]}>
          <Select
            aria-label="Species"
            placeholder="Species"
            showSearch
            filterOption={false}
            onSearch={setTerm}
            style={{ minWidth: 200 }}
            options={(species.data?.species ?? []).map((s) => ({ value: s._id, label: s.englishName }))}
          />
        </Form.Item>
        <Form.Item name="dzongkhag" rules={[{ required: true, message: 'Dzongkhag' }]}>
          <Select
            aria-label="Limit dzongkhag"
            placeholder="Dzongkhag"
            style={{ minWidth: 160 }}
            options={DZONGKHAG_NAMES.map((d) => ({ value: d, label: d }))}
          />
        </Form.Item>
        <Form.Item name="month" rules={[{ required: true, message: 'Month' }]}>
          <Select
            aria-label="Month"
            placeholder="Month"
            style={{ minWidth: 90 }}
            options={MONTHS.map((m, i) => ({ value: i + 1, label: m }))}
          />
        </Form.Item>
        <Form.Item name="maxCount" rules={[{ required: true, message: 'Limit' }]}>
          <InputNumber aria-label="Highest count" placeholder="Highest count" min={1} max={1000000} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Set limit
        </Button>
      </Form>
      <Select
        aria-label="Show limits of dzongkhag"
        placeholder="All dzongkhags"
        allowClear
        value={dzongkhag}
        onChange={setDzongkhag}
        style={{ minWidth: 200, margin: '12px 0' }}
        options={DZONGKHAG_NAMES.map((d) => ({ value: d, label: d }))}
      />
      <Table<ReviewLimit>
        size="small"
        loading={isFetching}
        rowKey={(l) => `${l.speciesId}|${l.dzongkhag}|${l.month}`}
        dataSource={data?.items ?? []}
        pagination={false}
        columns={[
          { title: 'Species', dataIndex: 'birdName' },
          { title: 'Dzongkhag', dataIndex: 'dzongkhag' },
          { title: 'Month', key: 'month', render: (_v, l) => MONTHS[l.month - 1] },
          { title: 'Highest count', dataIndex: 'maxCount', align: 'right' },
          {
            title: 'Source',
            key: 'source',
            render: (_v, l) => (l.source === 'admin' ? 'Set by an admin' : `From history: ${l.basis ?? ''}`),
          },
          {
            title: '',
            key: 'remove',
            render: (_v, l) => (
              <Button
                size="small"
                danger
                onClick={() =>
                  void save(
                    () => remove({ speciesId: l.speciesId, dzongkhag: l.dzongkhag, month: l.month }).unwrap(),
                    'Limit removed',
                    'Could not remove the limit',
                  )
                }
              >
                Remove
              </Button>
            ),
          },
        ]}
      />
      {data && data.total > data.items.length && (
        <Typography.Text type="secondary">
          Showing {data.items.length} of {data.total}; choose a dzongkhag to narrow.
        </Typography.Text>
      )}
    </Card>
  );
}

/** The review rules: automatic approval, rejection reasons and count limits (issue 14). */
export function ReviewRulesPage() {
  return (
    <div className="page page--medium review-rules">
      <PageHeader title="Review Rules" backTo="/review" />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <AutoApprovalCard />
        <TemplatesCard />
        <LimitsCard />
      </Space>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Tabs, Tag } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { useCan } from '../../shared/access/access';
import { Page } from '../../shared/ui/Page';
import { MemberActions } from './MemberActions';
import {
  BetsTab,
  LedgerTab,
  LinksTab,
  NotesTab,
  PaymentsTab,
  ProfileTab,
  ProtectionTab,
  SignInsTab,
  VipTab,
} from './MemberTabs';
import { memberProfileQuery } from './members.queries';
import { membersMessages as t } from './messages';

/**
 * 会员详情: the member's whole picture in tabs (the open tab kept in the URL), with the actions the operator's role
 * may take above them. VIP and 负责任博彩 are read-only here.
 */
export default function MemberDetailPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const can = useCan();
  const profile = useQuery(memberProfileQuery(id));
  const member = profile.data;
  const tab = search.get('tab') ?? 'profile';

  if (profile.error)
    return (
      <Page title={t.titles.detail}>
        <Alert type="error" showIcon message={profile.error.message} />
      </Page>
    );
  if (!member)
    return (
      <Page title={t.titles.detail}>
        <Skeleton active />
      </Page>
    );

  const tabs = [
    { key: 'profile', label: t.tabs.profile, children: <ProfileTab member={member} /> },
    { key: 'ledger', label: t.tabs.ledger, children: <LedgerTab memberId={id} /> },
    { key: 'bets', label: t.tabs.bets, children: <BetsTab memberId={id} /> },
    { key: 'payments', label: t.tabs.payments, children: <PaymentsTab memberId={id} /> },
    { key: 'signIns', label: t.tabs.signIns, children: <SignInsTab memberId={id} /> },
    { key: 'links', label: t.tabs.links, children: <LinksTab memberId={id} /> },
    ...(can('adminVipMember') ? [{ key: 'vip', label: t.tabs.vip, children: <VipTab memberId={id} /> }] : []),
    ...(can('adminMemberProtection')
      ? [{ key: 'protection', label: t.tabs.protection, children: <ProtectionTab memberId={id} /> }]
      : []),
    { key: 'notes', label: t.tabs.notes, children: <NotesTab memberId={id} /> },
  ];

  return (
    <Page
      title={`${member.account}${member.realName ? `（${member.realName}）` : ''}`}
      tags={[
        <Tag key="status" color={member.status === 'active' ? 'green' : 'red'}>
          {t.status[member.status]}
        </Tag>,
        <Tag key="vip" color="gold">
          VIP{member.vipLevel}
        </Tag>,
      ]}
      extra={<MemberActions member={member} />}
    >
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) =>
          setSearch(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        items={tabs}
        style={{ background: '#fff', padding: '0 16px 16px', borderRadius: 8 }}
      />
    </Page>
  );
}

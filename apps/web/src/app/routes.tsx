import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { DesktopRedirect, MobileRedirect } from '../features/desktop/desktop-redirect';
import { paths } from '../shared/paths';
import { LoadingState } from '../shared/ui/states';
import { BettingRecords } from './BettingRecords';
import { type PageImport, pages } from './pages';
import { RequireLogin } from './RequireLogin';
import { RootLayout } from './RootLayout';
import { TabLayout } from './TabLayout';

function page(load: PageImport) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<LoadingState minHeight={320} />}>
      <Page />
    </Suspense>
  );
}

/** The bare domain opens the home page; an invite code or token in the query rides along. */
function RootRedirect() {
  const { search } = useLocation();
  return <Navigate to={`${paths.home}${search}`} replace />;
}

/** The whole route table (spec section 2). Paths come from `paths`; every page is a lazy chunk. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.root, element: <RootRedirect /> },
      {
        element: <TabLayout />,
        children: [
          { path: paths.home, element: <DesktopRedirect>{page(pages.home)}</DesktopRedirect> },
          { path: paths.find, element: page(pages.find) },
          { path: paths.customer, element: page(pages.customer) },
          { path: paths.activity, element: page(pages.activity) },
          // Visible logged out too: the page itself invites the visitor to sign in.
          { path: paths.center, element: page(pages.center) },
          // The spec lists it in the app shell: the tab bar stays under the member's bets (members only: each tab
          // sends a visitor to sign in). Sports bets are the sportsbook's; `?kind=casino|vendor` the casino's.
          {
            path: paths.bettingRecord,
            element: <BettingRecords sports={page(pages.sportsbook)} casino={page(pages.casinoRecords)} />,
          },
        ],
      },
      // The sportsbook's entry picks its page by path. Prices are public; the bet slip asks a visitor to sign in
      // before a bet, and the bet pages send a visitor to sign in first.
      {
        element: page(pages.sportsbook),
        children: [{ path: paths.sports }, { path: paths.bettingDetail }],
      },
      // A lobby entry: the sportsbook's open the sports pages, the others launch (a visitor signs in first).
      { path: paths.game, element: page(pages.gameLaunch) },
      // Our tables are public to watch; betting asks a visitor to sign in. The verification page is anyone's.
      { path: paths.casinoVerify, element: page(pages.casinoVerify) },
      { path: paths.casinoTable, element: page(pages.casinoTable) },
      { path: paths.newsDetail, element: page(pages.newsDetail) },
      { path: paths.sponsor, element: page(pages.sponsor) },
      // Support is for visitors too: the chat opens as a guest, the help centre and tutorials are public.
      { path: paths.iframeCustomerService, element: page(pages.iframeCustomerService) },
      { path: paths.helpCenter, element: page(pages.helpCenter) },
      // The one tutorial that is a form: leaving a message for support outside service hours (the chat's).
      { path: paths.leaveMessage, element: page(pages.leaveMessage) },
      { path: paths.tutorial, element: page(pages.tutorial) },
      // The VIP levels are public; the page asks a visitor to sign in for their own card.
      { path: paths.vipPrivilege, element: page(pages.vipPrivilege) },
      { path: paths.desktopHome, element: <MobileRedirect>{page(pages.desktopHome)}</MobileRedirect> },
      // The policy pages the registration links to: public, one page picking its text by path.
      { path: paths.terms, element: page(pages.policy) },
      { path: paths.privacy, element: page(pages.policy) },
      { path: paths.responsibleGambling, element: page(pages.policy) },
      { path: paths.login, element: page(pages.login) },
      { path: paths.register, element: page(pages.register) },
      { path: paths.forgetPassword, element: page(pages.forgetPassword) },
      {
        element: <RequireLogin />,
        children: [
          { path: paths.personalInfo, element: page(pages.personalInfo) },
          { path: paths.personalName, element: page(pages.personalName) },
          { path: paths.personalMail, element: page(pages.personalMail) },
          { path: paths.personalPhone, element: page(pages.personalPhone) },
          { path: paths.setting, element: page(pages.setting) },
          { path: paths.settingPassword, element: page(pages.settingPassword) },
          { path: paths.settingSuccess, element: page(pages.settingSuccess) },
          { path: paths.settingVerification, element: page(pages.settingVerification) },
          { path: paths.withdrawPassword, element: page(pages.withdrawPassword) },
          { path: paths.withdrawPasswordSuccess, element: page(pages.withdrawPasswordSuccess) },
          { path: paths.cards, element: page(pages.cards) },
          { path: paths.bankDetail, element: page(pages.bankDetail) },
          { path: paths.addBankCard, element: page(pages.addBankCard) },
          { path: paths.addAlipay, element: page(pages.addAlipay) },
          { path: paths.addVirtualCoin, element: page(pages.addVirtualCoin) },
          { path: paths.deposit, element: page(pages.deposit) },
          { path: paths.depositInfo, element: page(pages.depositInfo) },
          { path: paths.withdraw, element: page(pages.withdraw) },
          { path: paths.transfer, element: page(pages.transfer) },
          { path: paths.venueBack, element: page(pages.venueBack) },
          { path: paths.myAssets, element: page(pages.myAssets) },
          { path: paths.redemptionRecord, element: page(pages.redemptionRecord) },
          { path: paths.redemptionDetail, element: page(pages.redemptionDetail) },
          { path: paths.transactionRecord, element: page(pages.transactionRecord) },
          { path: paths.transactionDetail, element: page(pages.transactionDetail) },
          { path: paths.vipDetail, element: page(pages.vipDetail) },
          { path: paths.task, element: page(pages.task) },
          { path: paths.taskRecords, element: page(pages.taskRecords) },
          { path: paths.message, element: page(pages.message) },
          { path: paths.messageDetail, element: page(pages.messageDetail) },
          { path: paths.agentPage, element: page(pages.agentPage) },
          { path: paths.feedback, element: page(pages.feedback) },
          { path: paths.feedbackList, element: page(pages.feedbackList) },
          { path: paths.feedbackDetail, element: page(pages.feedbackDetail) },
          { path: paths.loginHistory, element: page(pages.loginHistory) },
          { path: paths.protection, element: page(pages.protection) },
          { path: paths.limits, element: page(pages.limits) },
          { path: paths.exclusion, element: page(pages.exclusion) },
          { path: paths.statement, element: page(pages.statement) },
        ],
      },
      { path: '*', element: page(pages.notFound) },
    ],
  },
];

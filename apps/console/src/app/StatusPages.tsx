import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { appMessages } from './messages';

export function ForbiddenPage() {
  return (
    <Result
      status="403"
      title={appMessages.forbiddenTitle}
      subTitle={appMessages.forbidden}
      extra={
        <Link to="/">
          <Button type="primary">{appMessages.backHome}</Button>
        </Link>
      }
    />
  );
}

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={appMessages.notFoundTitle}
      subTitle={appMessages.notFound}
      extra={
        <Link to="/">
          <Button type="primary">{appMessages.backHome}</Button>
        </Link>
      }
    />
  );
}

/** The landing page of a role without any menu page yet. */
export function WelcomePage() {
  return <Result status="info" title={appMessages.welcome} subTitle={appMessages.welcomeHint} />;
}

import { Link, useLocation, useNavigate } from 'react-router';
import { signIn, SignInOptions } from '@arttoy/shared/auth';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { signedInText, useAuthStore, type SignInProvider } from '@arttoy/shared/stores';
import { Button } from '@arttoy/shared/ui';
import { returnTarget } from './return-path';
import './login-page.css';

const OPTION_CLASSES = {
  root: 'account-login__options',
  note: 'account-login__note',
  error: 'account-login__error',
};

/** /login: the three providers with the drawer's flow, then back to where the visitor came from. */
export function LoginPage() {
  usePageHead({
    title: 'Log in or sign up',
    description:
      'Log in or sign up with Google, Apple or Facebook: one account for your locker, your boxes and your orders.',
  });
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = () => {
    const target = returnTarget(location);
    if (target === -1) void navigate(-1);
    else void navigate(target, { replace: true });
  };
  const onSignIn = (provider: SignInProvider) => {
    void signIn(provider).then((signedIn) => {
      if (signedIn) goBack();
    });
  };
  return (
    <article className="account-login" data-route="login" data-owner="mf_account">
      <h1>Log in or sign up</h1>
      <p className="account-login__intro">
        One account for your locker, your boxes and your orders. New here? The same buttons sign you up.
      </p>
      {user ? (
        <div className="account-login__options">
          <p data-testid="visitor">{signedInText(user)}</p>
          <Button onClick={goBack}>Continue</Button>
        </div>
      ) : (
        <SignInOptions onSignIn={onSignIn} classNames={OPTION_CLASSES} />
      )}
      <p className="account-login__terms">
        By continuing you accept the <Link to="/rules/terms_of_service">Terms of Service</Link> and the{' '}
        <Link to="/rules/privacy_policy">Privacy Policy</Link>.
      </p>
    </article>
  );
}

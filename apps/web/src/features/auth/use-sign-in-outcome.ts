import type { FormInstance } from 'antd-mobile/es/components/form';
import { useNavigate, useSearchParams } from 'react-router';
import type { CaptchaState } from '../../shared/forms/use-captcha';
import { showError, showSuccess } from '../../shared/ui/feedback';
import { redirectTarget } from './sign-in';

/**
 * What signing in or registering does with the server's answer: on success, say so and go where the member was
 * heading; on failure, say why and ask for a new captcha (its answer is spent whatever the server said).
 */
export function useSignInOutcome(form: FormInstance, captcha: CaptchaState, successMessage: string) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return {
    onSuccess: () => {
      showSuccess(successMessage);
      navigate(redirectTarget(search), { replace: true });
    },
    onError: (error: unknown) => {
      showError(error);
      form.setFieldValue('code', '');
      captcha.refresh();
    },
  };
}

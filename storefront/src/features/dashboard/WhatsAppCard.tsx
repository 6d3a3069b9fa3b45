import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError } from '@/api/client';
import { changeWhatsAppChoice, whatsAppChoiceQuery } from '@/api/whatsapp';
import { formatDate } from '@zstore/contract/display-dates';

/** Order updates on WhatsApp: on with the consent text shown, off here or by replying STOP. */
export function WhatsAppCard({ userid }: { userid: number }) {
  const queryClient = useQueryClient();
  const choice = useQuery(whatsAppChoiceQuery(userid));
  const change = useMutation({
    mutationFn: (optIn: boolean) => changeWhatsAppChoice(optIn, 'profile'),
    onSuccess: (answer) => {
      queryClient.setQueryData(whatsAppChoiceQuery(userid).queryKey, answer);
      toast.success(
        answer.optedIn ? 'WhatsApp order updates are on.' : 'WhatsApp order updates are off.',
      );
    },
    onError: (failure) =>
      toast.error(
        failure instanceof ApiError && !failure.isNetworkError
          ? failure.message
          : 'We could not change this right now. Please try again.',
      ),
  });
  const data = choice.data;
  if (!data?.available) return null;

  return (
    <section className="card whatsapp-card" aria-labelledby="whatsapp-heading">
      <h2 id="whatsapp-heading" className="section-heading">
        WhatsApp updates
      </h2>
      {data.optedIn ? (
        <>
          <p>
            Order updates and sign-in codes go to WhatsApp at <strong>{data.mobilenumber}</strong>
            {data.changedAt ? ` (on since ${formatDate(data.changedAt)})` : ''}. Reply STOP on
            WhatsApp or turn them off here.
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={change.isPending}
            onClick={() => change.mutate(false)}
          >
            Turn off WhatsApp updates
          </button>
        </>
      ) : data.mobilenumber ? (
        <>
          <p className="muted">{data.consentText}</p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={change.isPending}
            onClick={() => change.mutate(true)}
          >
            Turn on WhatsApp updates
          </button>
        </>
      ) : (
        <p className="muted">Add a mobile number to your account to get WhatsApp updates.</p>
      )}
    </section>
  );
}

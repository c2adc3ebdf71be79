import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useGetCouponsQuery } from '@/lib/api/coupons';
import { CouponForm } from '../components/coupon-form';
import { EditScreen } from '../components/edit-screen';

/** /admin/coupons/new and /admin/coupons/:id/edit (issue 37). */
export function CouponEditRoute() {
  const { t } = useTranslation();
  const id = useParams().id;
  const { data, error, isFetching } = useGetCouponsQuery(undefined, { refetchOnMountOrArgChange: true, skip: !id });
  const coupon = id ? data?.find((c) => c._id === id) : undefined;
  const missing = id && data && !isFetching && !coupon;
  return (
    <EditScreen
      titleId="admin-coupon-edit-title"
      title={coupon ? t('coupons.editTitle', { code: coupon.code }) : t('coupons.newTitle')}
      backTo={paths.adminCoupons}
      error={missing ? { status: 404, data: { message: t('messages.couponNotFound') } } : error}
      form={id ? coupon && !isFetching && <CouponForm key={coupon._id} coupon={coupon} /> : <CouponForm />}
    />
  );
}

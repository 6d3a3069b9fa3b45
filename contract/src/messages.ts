/**
 * Texts that both the server sends and the storefront matches on or shows.
 * The server, the storefront and the console import this file (`@zstore/contract/messages`), so
 * each text lives in one place.
 * Wording follows the spec where it words the text, DESIGN section 13 otherwise.
 */
export const Messages = {
  // auth / registration (spec 000)
  fillAllFields: 'Please fill in all fields.',
  otpAndMobileRequired: 'Please enter the OTP and Mobile Number.',
  otpSentVerifyAccount: 'OTP sent successfully. Please verify your account.',
  mobileVerified: 'Mobile number verified successfully.',
  otpExpired: 'OTP has expired. Please request a new OTP.',
  otpInvalid: 'Invalid OTP. Please try again.',
  otpTooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  otpResendWait: 'Please wait before requesting another OTP.',
  otpSendFailed: 'We could not send the OTP right now. Please try again.',
  emailTaken: 'An account with this email already exists.',
  mobileTaken: 'An account with this mobile number already exists.',
  registrationMismatch: 'The email and mobile number must match the registration request.',
  userNotFound: 'User does not exist. Please create an account first.',
  wrongPassword: 'Incorrect password. Please try again.',
  emailNotVerified:
    'Your email is not verified. We have sent you a verification link; please check your inbox and spam folder.',
  blocked: 'Your account has been blocked. Please contact support.',
  loginSuccess: 'Logged in successfully.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordTooCommon: 'This password is too common. Please choose another.',
  invalidMobile: 'Please enter a valid mobile number',
  invalidEmail: 'Please enter a valid email address',
  invalidOtp: 'Please enter a valid OTP',
  verificationInvalid: 'The verification link is invalid or has expired.',
  emailVerified: 'Your email has been verified. You can now log in.',
  emailAlreadyVerified: 'Your email is already verified. You can log in.',
  registrationFailed: 'Registration failed. Please try again.',
  verificationFailed: 'Verification failed. Please try again.',
  // OTP login (spec 001)
  mobileNotRegistered: 'Mobile Number not registered with us',
  mobileNotRegisteredToast: 'Mobile Number not registered with us. Please create an account first.',
  otpSentMobile: 'OTP has been sent to your mobile number.',
  otpVerifiedLogin: 'OTP verified successfully.',
  // password reset
  resetLinkSent: 'If an account exists for this email, a password reset link has been sent.',
  linkCorrupted: 'The link is corrupted.',
  passwordResetDone: 'Password updated successfully. Please log in.',
  // profile
  profileUpdated: 'Profile updated successfully, please relogin.',
  nameRequired: 'Name is required.',
  invalidState: 'Choose your state or union territory from the list.',
  invalidGstin: 'Enter a valid 15-character GSTIN.',
  gstinResellersOnly: 'Only reseller accounts can add a GSTIN.',
  // sessions
  tokenExpired: 'Token has expired. Please login again.',
  sessionExpiredToast: 'Session expired! Please re-login to proceed.',
  unauthorized: 'Please login to continue.',
  googleNotConfigured:
    'Google sign-in is not available right now. Please sign in with your email or mobile number.',
  forbidden: 'You do not have access to this.',
  notFound: 'Not found.',
  savedPlayerRemoved: 'Saved player removed.',
  tooManyRequests: 'Too many requests. Please try again later.',
  internal: 'Something went wrong! Please try again.',
  unhealthy: 'A part of the store is down.',
  busy: 'The store is busy right now. Please try again in a moment.',
  // orders and payments (DESIGN section 13)
  insufficientBalance: 'Insufficient balance. Please top up your wallet.',
  outOfStock: 'This item is out of stock.',
  selectPackAndDetails: 'Please select a pack and enter your details correctly before proceeding.',
  // coupons (spec 000 section 5, DESIGN section 13)
  couponLoginRequired: 'Please login to apply a coupon.',
  couponResellers: 'Resellers cannot apply coupons.',
  couponEnterCode: 'Please enter a coupon code.',
  couponApplied: 'Coupon applied!',
  couponInvalid: 'Invalid coupon code.',
  couponExpired: 'This coupon has expired.',
  couponExhausted: 'This coupon has reached its usage limit.',
  couponUserLimit: 'You have already used this coupon.',
  /** Followed by the amount and a full stop: 'This coupon needs a minimum purchase of ₹99.' */
  couponMinimumPrefix: 'This coupon needs a minimum purchase of ₹',
  // wallet and points (spec 001)
  invalidAmount: 'Please enter a valid amount',
  invalidPointsAmount: 'Please enter a valid points amount',
  /** Followed by the number and ' points available.' */
  insufficientPointsPrefix: 'Insufficient points. You have ',
  pointsRedeemed: 'Points redeemed successfully.',
  transactionPending: 'Your transaction is being processed. This may take a few moments.',
  // orders and payments
  orderPlaced: 'Order placed successfully.',
  orderReplaced: 'Replaced by a newer order',
  paymentFailed: 'The payment failed.',
  paymentExpired: 'The payment was not received in time.',
  latePaymentCredited:
    'The payment arrived after the order had closed; the amount was credited to your Z-Coins wallet.',
  paymentMismatch: 'The payment did not match this order; it is held for review.',
  mobileRequiredForUpi: 'Please add your mobile number to your profile before paying by UPI.',
  paymentUnavailable: 'The payment service is not answering. Please try again.',
  illegalTransition: 'This order cannot move to that status now.',
  idempotencyCommitted:
    'This request was already carried out, but its answer was lost. Check your orders and wallet before trying again.',
  idempotencyInProgress: 'This request is already being processed.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  // suppliers: the sandbox's notices (DESIGN section 13), the player check and supplier points
  supplierNoticeMalaysiaLimit:
    'This account has reached the monthly top-up limit of 350,000 USD for Malaysia.',
  supplierNoticePhSgFee:
    'Top-ups for Philippines and Singapore accounts now carry a 55% fee. Please use another region.',
  supplierNoticeRechargeFailed: 'Recharge failed, please contact customer service.',
  checkIdNotAvailable: 'This product has no player check.',
  checkIdUnavailable: 'We could not check this player right now. Please try again.',
  pointsFetched: 'Points fetched successfully',
  pointsFetchFailed: 'Failed to fetch points',
  // delivery (DESIGN section 5): the reasons an order waits for the admin
  deliveryUnknown:
    "The supplier's answer was lost after the purchase was sent; check the supplier's dashboard.",
  deliveryRefused: 'The supplier refused the purchase.',
  deliveryRefusedByPlayer: "The supplier refused the player's details",
  deliverySupplierUnavailable: 'The supplier could not be reached after 5 tries',
  deliveryNoSupplier: 'This item names no supplier or supplier product.',
  deliveryAwaitingBalance:
    'Waiting for supplier balance: delivery resumes by itself once the supplier account is topped up.',
  deliveryAwaitingClock:
    'Waiting for the supplier to accept our requests again: delivery resumes by itself.',
  deliveryNotRetryable: 'Only a paid API order flagged for the admin can be retried.',
  deliveryRetried: 'Delivery retried.',
  orderBeingDelivered:
    'The supplier is delivering this order right now. Wait until it completes or is flagged for you.',
  deliveryNotSettleable: 'Only a pack whose outcome is unknown can be settled.',
  deliveryPackSettled: 'Pack settled.',
  deliverySettledDelivered:
    'settled as delivered by the admin; retry delivery to buy the packs still missing.',
  deliverySettledNotDelivered:
    'settled as not delivered by the admin; retry delivery to buy it again, or refund the order.',
  // admin console (spec 002; DESIGN section 13 where the spec words nothing)
  orderUpdated: 'Order updated successfully.',
  orderStatusUnknown: 'The new status must be Completed, Refunded or Cancelled.',
  orderReasonTooLong: 'The reason must be at most 500 characters.',
  balanceAdded: 'Balance added successfully.',
  balanceAddFailed: 'Failed to add balance. Please try again.',
  adminCreditAmount: 'Enter an amount above ₹0 and up to ₹1,00,000, with at most 2 decimals.',
  adminCreditUserId: 'The user id must be a whole number.',
  adminCreditEmailRequired: "The user's email is required.",
  adminCreditUserUnknown: 'No user has this user id.',
  adminCreditEmailMismatch: 'This email does not belong to that user.',
  malformedListQuery: 'Malformed list query.',
  malformedRequest: 'Malformed request.',
  requestTooLarge: 'The request is too large.',
  // admin console: products and items (spec 002 sections 5 and 8)
  productNameRequired: 'Name is required.',
  productTypeRequired: 'Type is required.',
  categoryRequired: 'Category is required.',
  imagePathRequired: 'Image Path is required.',
  inputLabelsRequired: 'All input fields must have labels.',
  itemsMustBeNumbers: 'All items must be valid numbers.',
  apiTypeRequired: 'API Type is required when Is API is true.',
  originalPriceRequired: 'Valid Original Price is required.',
  discountedPriceRequired: 'Valid Discounted Price is required.',
  resellPriceRequired: 'Valid Resell Price is required.',
  editProductNameRequired: 'Product name is required.',
  editProductTypeRequired: 'Product type is required.',
  productTypeInvalid: 'Type must be one of MLBB, GENSHIN, HOK, OTHER.',
  categoryInvalid: 'Category must be one of games, instant-games, ott, others.',
  apiTypeInvalid:
    'API Type must be one of SMILEBR, SMILEPH, MOOGOLDMLBB, MOOGOLDGENSHIN, MOOGOLDHOK, OTHER.',
  itemTypeInvalid: 'Item type must be one of small, medium, large, weekly, hot.',
  itemIdsMustBeStrings: 'Item ids must be a list of texts.',
  flagInvalid: 'Flags must be true or false.',
  textTooLong: 'A text field is too long.',
  productCreated: 'Product created successfully!',
  itemCreated: 'Item created successfully!',
  itemUpdated: 'Item updated successfully!',
  productUpdated: 'Product updated successfully!',
  priceUpdated: 'Price updated successfully',
  productStockUpdated: 'Product instock status updated successfully',
  itemDeleted: 'Item deleted successfully.',
  productDeleted: 'Product deleted successfully.',
  userUpdated: 'User updated successfully!, Please Refresh/Reload Page',
  // admin console: coupons
  couponCodeRequired: 'Coupon Code is required',
  couponExpiryRequired: 'Expiry Date is required',
  couponMinimumQuantityRequired: 'Minimum Item Quantity is required',
  couponMinPurchaseRequired: 'Minimum Purchase Amount is required',
  couponMaxDiscountRequired: 'Maximum Discount Amount is required',
  couponUsageLimitRequired: 'Usage Limit is required',
  couponUserLimitRequired: 'User Limit is required',
  couponDiscountTypeRequired: 'Discount Type is required',
  couponPercentageInvalid: 'Valid Discount Percentage is required (0-100)',
  couponAmountInvalid: 'Valid Discount Amount is required',
  couponCodeTaken: 'A coupon with this code already exists.',
  couponCreated: 'Coupon created successfully!',
  couponEdited: 'Coupon edited successfully!',
  couponDeleted: 'Coupon deleted successfully',
  // admin console: gallery
  galleryFieldsRequired: 'Please provide all required fields!',
  galleryTypeInvalid: 'Type must be one of CarouselMb, CarouselPc, Banner, Popup, Item, Product.',
  galleryFileType: 'Only PNG, JPEG, WebP and GIF images can be uploaded.',
  galleryFileTooLarge: 'The image must be at most 2 MB.',
  galleryImageTooLarge: 'The image must be at most 25 megapixels.',
  galleryAnimationTooLarge:
    'An animated image may have at most 100 frames and 12 megapixels across all its frames.',
  imageUploaded: 'Image uploaded successfully!',
  imageDeleted: 'Image deleted successfully!',
  galleryRedirectInvalid:
    'The redirect URL must be a path of this store (starting with /) or an https:// address.',
} as const;

export type MessageKey = keyof typeof Messages;

-- The write work the order path gained after 62f12a8, taken out of a store's database so that
-- the order path's code can be compared with 62f12a8's on the same indexes and triggers
-- (bench/order-path-results.md). Never for a real store: its console lists need these.
DROP INDEX orders_guest, orders_open_delivery_status, orders_promise_open, orders_promise_untold,
  orders_search_orderid_prefix, orders_search_transactionid_prefix, orders_search_useremail_prefix;
ALTER TABLE orders DROP CONSTRAINT orders_payment_id_key;
DROP INDEX wallet_transactions_search_txnid_prefix, wallet_transactions_search_useremail_prefix,
  wallet_transactions_status_newest, wallet_transactions_type_newest;
ALTER TABLE wallet_transactions DROP CONSTRAINT wallet_transactions_payment_id_key;
ALTER TABLE wallet_transactions DISABLE TRIGGER wallet_transaction_day_tallies_count;
ALTER TABLE wallet_transactions DISABLE TRIGGER wallet_transaction_day_tallies_move;
DROP INDEX users_search_email_local;

-- A counter that moves whenever a warehouse table's rows change. On the embedded database the
-- statements of algorithms run on a copy of the warehouse in a worker thread (so that one statement
-- cannot stall the server); the copy is rebuilt when this counter or the warehouse's shape moved.
-- The runner attaches the trigger to every table of dw that lacks it before it compares.
CREATE SEQUENCE IF NOT EXISTS public.dw_generation;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.dw_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('public.dw_generation');
  RETURN NULL;
END $$;

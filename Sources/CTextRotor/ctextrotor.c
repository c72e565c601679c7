// The C ABI header (include/textrotor.h) needs a C target to be seen by Swift; this file is empty on purpose.

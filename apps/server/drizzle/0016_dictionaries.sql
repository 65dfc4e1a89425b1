CREATE TABLE "sys_dict_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dict_type" varchar(100) NOT NULL,
	"label_cn" varchar(100) NOT NULL,
	"label_en" varchar(100) DEFAULT '' NOT NULL,
	"value" varchar(100) NOT NULL,
	"list_class" varchar(16) DEFAULT '' NOT NULL,
	"css_class" varchar(100) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dict_type" varchar(100) NOT NULL,
	"name_cn" varchar(100) NOT NULL,
	"name_en" varchar(100) DEFAULT '' NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_data_value_idx" ON "sys_dict_data" USING btree ("dict_type","value");--> statement-breakpoint
CREATE INDEX "sys_dict_data_sort_idx" ON "sys_dict_data" USING btree ("dict_type","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_types_type_idx" ON "sys_dict_types" USING btree ("dict_type");--> statement-breakpoint
INSERT INTO "sys_dict_types" ("dict_type", "name_cn", "name_en", "builtin", "remark") VALUES
	('device_state', '设备状态', 'Machine state', true, 'SPEC §4 device runtime states'),
	('order_state', '订单状态', 'Order state', true, 'pending → paid → refunded; pending → closed'),
	('payment_provider', '支付方式', 'Payment method', true, ''),
	('file_kind', '文件类型', 'File kind', true, 'SPEC §2 fileType'),
	('sys_yes_no', '系统是否', 'Yes or no', true, ''),
	('sys_normal_disable', '系统开关', 'In use or off', true, '');
--> statement-breakpoint
INSERT INTO "sys_dict_data" ("dict_type", "label_cn", "label_en", "value", "list_class", "sort") VALUES
	('device_state', '空闲', 'Idle', 'idle', 'success', 1),
	('device_state', '运行中', 'Running', 'running', 'processing', 2),
	('device_state', '暂停', 'Paused', 'paused', 'warning', 3),
	('device_state', '异常', 'Fault', 'abnormal', 'danger', 4),
	('device_state', '无响应', 'No response', 'noResponse', 'warning', 5),
	('device_state', '软关机', 'Soft shutdown', 'softShutdown', 'default', 6),
	('device_state', '离线', 'Offline', 'offline', 'default', 7),
	('device_state', '其他', 'Other', 'other', 'default', 8),
	('order_state', '待支付', 'Waiting for payment', 'pending', 'gold', 1),
	('order_state', '已支付', 'Paid', 'paid', 'success', 2),
	('order_state', '已退款', 'Refunded', 'refunded', 'purple', 3),
	('order_state', '已关闭', 'Closed', 'closed', 'default', 4),
	('payment_provider', '沙箱', 'Sandbox', 'sandbox', '', 1),
	('payment_provider', '微信支付', 'WeChat Pay', 'wechat', 'success', 2),
	('payment_provider', '支付宝', 'Alipay', 'alipay', 'primary', 3),
	('payment_provider', 'Stripe', 'Stripe', 'stripe', 'purple', 4),
	('file_kind', '全部', 'All', '0', '', 1),
	('file_kind', '图片', 'Pictures', '1', 'cyan', 2),
	('file_kind', '视频', 'Videos', '3', 'purple', 3),
	('file_kind', '音频', 'Audio', '4', 'gold', 4),
	('sys_yes_no', '是', 'Yes', 'Y', 'primary', 1),
	('sys_yes_no', '否', 'No', 'N', 'danger', 2),
	('sys_normal_disable', '正常', 'In use', '0', 'primary', 1),
	('sys_normal_disable', '停用', 'Off', '1', 'danger', 2);

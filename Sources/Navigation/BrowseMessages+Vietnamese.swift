// The Vietnamese table of browse's messages (BrowseMessages.swift explains the keys).

extension BrowseMessages {
  static let vietnamese = Table(
    nouns: [
      .heading: NounForms(
        name: "tiêu đề", title: "Tiêu đề", counted: ["=0": "không có tiêu đề", "other": "{n} tiêu đề"]),
      .headingLevel: NounForms(
        name: "tiêu đề cấp {level}", title: "Tiêu đề cấp {level}",
        counted: ["=0": "không có tiêu đề cấp {level}", "other": "{n} tiêu đề cấp {level}"]),
      .link: NounForms(
        name: "liên kết", title: "Liên kết", counted: ["=0": "không có liên kết", "other": "{n} liên kết"]),
      .email: NounForms(
        name: "địa chỉ e-mail", title: "Địa chỉ e-mail",
        counted: ["=0": "không có địa chỉ e-mail", "other": "{n} địa chỉ e-mail"]),
      .phone: NounForms(
        name: "số điện thoại", title: "Số điện thoại",
        counted: ["=0": "không có số điện thoại", "other": "{n} số điện thoại"]),
      .alert: NounForms(
        name: "cảnh báo", title: "Cảnh báo", counted: ["=0": "không có cảnh báo", "other": "{n} cảnh báo"]),
      .warning: NounForms(name: "lưu ý", title: "Lưu ý", counted: ["=0": "không có lưu ý", "other": "{n} lưu ý"]),
      .landmark: NounForms(name: "mốc", title: "Mốc", counted: ["=0": "không có mốc", "other": "{n} mốc"]),
      .list: NounForms(
        name: "danh sách", title: "Danh sách", counted: ["=0": "không có danh sách", "other": "{n} danh sách"]),
      .numberedList: NounForms(
        name: "danh sách đánh số", title: "Danh sách đánh số", counted: ["other": "{n} danh sách đánh số"]),
      .table: NounForms(name: "bảng", title: "Bảng", counted: ["=0": "không có bảng", "other": "{n} bảng"]),
      .image: NounForms(
        name: "hình ảnh", title: "Hình ảnh", counted: ["=0": "không có hình ảnh", "other": "{n} hình ảnh"]),
      .blockQuote: NounForms(
        name: "trích dẫn", title: "Trích dẫn", counted: ["=0": "không có trích dẫn", "other": "{n} trích dẫn"]),
      .listItem: NounForms(
        name: "mục danh sách", title: "Mục danh sách",
        counted: ["=0": "không có mục danh sách", "other": "{n} mục danh sách"]),
      .item: NounForms(name: "mục", title: "Mục", counted: ["=0": "không có mục nào", "other": "{n} mục"]),
      .row: NounForms(name: "hàng", title: "Hàng", counted: ["other": "{n} hàng"]),
      .column: NounForms(name: "cột", title: "Cột", counted: ["other": "{n} cột"]),
      .match: NounForms(
        name: "kết quả", title: "Kết quả", counted: ["=0": "không có kết quả", "other": "{n} kết quả"]),
      .formField: NounForms(
        name: "trường biểu mẫu", title: "Trường biểu mẫu",
        counted: ["=0": "không có trường biểu mẫu", "other": "{n} trường biểu mẫu"]),
      .banner: NounForms(name: "mốc biểu ngữ", title: "Biểu ngữ", counted: ["other": "{n} biểu ngữ"]),
      .navigation: NounForms(name: "mốc điều hướng", title: "Điều hướng", counted: ["other": "{n} điều hướng"]),
      .main: NounForms(name: "mốc chính", title: "Chính", counted: ["other": "{n} chính"]),
      .complementary: NounForms(name: "mốc bổ sung", title: "Bổ sung", counted: ["other": "{n} bổ sung"]),
      .contentinfo: NounForms(
        name: "mốc thông tin nội dung", title: "Thông tin nội dung", counted: ["other": "{n} thông tin nội dung"]),
      .region: NounForms(name: "vùng", title: "Vùng", counted: ["other": "{n} vùng"]),
      .search: NounForms(name: "mốc tìm kiếm", title: "Tìm kiếm", counted: ["other": "{n} tìm kiếm"]),
      .form: NounForms(name: "mốc biểu mẫu", title: "Biểu mẫu", counted: ["other": "{n} biểu mẫu"]),
      .visitedLink: NounForms(
        name: "liên kết đã truy cập", title: "Liên kết đã truy cập",
        counted: ["=0": "không có liên kết đã truy cập", "other": "{n} liên kết đã truy cập"]),
      .paragraph: NounForms(
        name: "đoạn văn", title: "Đoạn văn", counted: ["=0": "không có đoạn văn", "other": "{n} đoạn văn"]),
      .bookmark: NounForms(
        name: "dấu trang", title: "Dấu trang", counted: ["=0": "không có dấu trang", "other": "{n} dấu trang"]),
    ],
    phrases: [
      .help:
        "Phím: Lên/Xuống mục trước/sau, Trái/Phải rotor trước/sau, Home/End mục đầu/cuối, Page Up/Down mười mục, Control+Home/End đầu/cuối tài liệu; h tiêu đề, 1-9 cấp tiêu đề, k hoặc u liên kết, l danh sách, i mục danh sách, t bảng, d mốc, g hình ảnh, q trích dẫn, p đoạn văn, Alt+e e-mail, Alt+p điện thoại, Alt+a cảnh báo, 0 lưu ý (Shift để lùi); Enter đích liên kết; F7 danh sách phần tử; F8 hoặc Insert rồi Xuống đọc tất cả; F2 tôi đang ở đâu; F3 đọc trọn mục; Control+Alt+mũi tên ô của bảng, Insert rồi Control+Alt+Trái cả hàng; F1 trợ giúp; Control+D thoát.",
      .rotorSummary: "{title}, {count}",
      .position: "{i} trên {n}",
      .noNext: "Không có {name} tiếp theo",
      .noPrevious: "Không có {name} trước đó",
      .emptyRotor: "Tài liệu này {none}",
      .noRotors: "Không có rotor",
      .topOfDocument: "Đầu tài liệu",
      .endOfDocument: "Cuối tài liệu",
      .goodbye: "Tạm biệt",
      .notOnItem: "Không ở trên mục nào; hãy chuyển đến một liên kết trước",
      .notALink: "Không phải liên kết",
      .target: "Đích: {value}",
      .unknownCommand: "Lệnh không rõ \"{command}\"; gõ help",
      .unknownRotor: "Không có rotor tên {rotor}; các rotor: {rotors}",
      .unusedKey: "{key} không được dùng; nhấn F1 để xem trợ giúp",
      .greeting: "{title}: {counts}. Nhấn F1 để xem trợ giúp, Control+D để thoát.",
      .chooseRotor: "Hãy nói rotor nào: {rotors}",
      .rotors: "Các rotor: {rotors}",
      .elementsOpen:
        "Danh sách phần tử, {title}, {count}. Gõ để lọc, Lên và Xuống để chọn, Enter để nhảy tới, Escape để đóng.",
      .elementsItem: "{i} trên {n}: {content}",
      .elementsNoMatch: "Không có kết quả cho \"{filter}\"",
      .elementsFilter: "\"{filter}\": {count}",
      .elementsClosed: "Đã đóng danh sách phần tử",
      .sayAllStopped: "Đã dừng",
      .sayAllEnd: "Cuối tài liệu",
      .critical: "nghiêm trọng",
      .warningSeverity: "cảnh báo",
      .info: "thông tin",
      .notInDocument: "{none}: tài liệu của TextRotor không có điều khiển biểu mẫu",
      .capital: "hoa {char}",
      .space: "dấu cách",
      .tab: "ký tự tab",
      .blank: "trống",
      .findPrompt: "Tìm: gõ nội dung rồi Enter; Escape để hủy",
      .noSearch: "Chưa tìm gì; nhấn Control+F để tìm",
      .notFound: "Không tìm thấy \"{text}\"",
      .searchMatch: "{i} trên {n}: {content}",
      .tableRow: "hàng {row}", .tableColumn: "cột {column}", .tableEdge: "cạnh bảng", .notInTable: "Không ở trong bảng",
      .wrappedToTop: "Đã quay về đầu",
      .wrappedToBottom: "Đã quay về cuối",
      .bookmarkPrompt: "Tên dấu trang: gõ tên rồi Enter; Escape để hủy",
      .bookmarkSet: "Đã đặt dấu trang {name}",
      .notSaved: "{said}, nhưng không lưu được: {reason}",
      .marksNotFound: "Không tìm thấy {count} trong tài liệu đã thay đổi; vẫn giữ lại",
      .placeNotFound: "Không tìm thấy chỗ đọc lần trước trong tài liệu đã thay đổi",
      .promptCancelled: "Đã hủy",
      .resuming: "Tiếp tục tại {percent} phần trăm: {content}",
      .underHeadings: "Thuộc {path}",
      .inLandmark: "Trong {landmark}",
      .listItemOf: "Mục danh sách {i} trên {n}",
      .percent: "{percent} phần trăm",
      .notInContainer: "Không ở trong danh sách hoặc bảng",
      .outOfList: "Ra khỏi danh sách",
      .outOfTable: "Ra khỏi bảng",
      .nonLinkText: "văn bản không phải liên kết",
      .languageChange: "{language}: {line}",
    ],
    listSeparator: ", ")
}
